// The page's notices: problems a learner should know of (storage full, progress set aside…),
// announced politely at the top of the page. Returns tell(message).

export function pageNotices(container) {
  const notices = document.createElement("div");
  notices.className = "page-notices";
  notices.setAttribute("role", "status");
  notices.setAttribute("aria-label", "Notices");
  notices.hidden = true;
  container.prepend(notices);
  return function tell(message) {
    const line = document.createElement("p");
    line.textContent = message;
    notices.append(line);
    notices.hidden = false;
  };
}
