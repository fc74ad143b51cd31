// How far Python's download has come (a first visit on a slow network fetches about 14 MB), in a Python
// status's own line: megabytes after the status and a bar ruled under it, in room the line always keeps
// (static/style.css), so nothing moves as they come and go. Neither is a live region: the status line
// says when Python is ready, and a screen reader hears that once.
const MB = 1_000_000;

export class DownloadProgress {
  constructor(statusLine) {
    this.box = document.createElement("span");
    this.box.className = "python-download";
    this.box.hidden = true;
    this.bar = document.createElement("progress");
    this.bar.setAttribute("aria-label", "Python download");
    this.text = document.createElement("span");
    this.box.append(this.bar, " ", this.text);
    statusLine.after(this.box);
  }

  show(loaded, total) {
    const known = Math.max(total, loaded);
    this.bar.max = known;
    this.bar.value = loaded;
    this.text.textContent = `${(loaded / MB).toFixed(1)} of ${(known / MB).toFixed(1)} MB`;
    this.box.hidden = false;
  }

  hide() {
    this.box.hidden = true;
  }
}
