// The training page's live loss chart: a point per step, and the mean of the last 100 steps,
// drawn with uPlot (from the chart bundle, loaded as the page starts) at most once a frame.
const HEIGHT = 220;

/** A promise of { show(losses, window) } drawing into box, with uPlot from the bundle at chartUrl. */
export async function lossChart(box, chartUrl) {
  const { uPlot } = await import(chartUrl);
  const options = {
    width: box.clientWidth || 320,
    height: HEIGHT,
    scales: { x: { time: false } },
    axes: [{ label: "step" }, { label: "loss" }],
    series: [
      { label: "step" },
      { label: "loss", stroke: "#8aa4c8", width: 1, points: { show: false } },
      { label: "mean of the last 100", stroke: "#c0392b", width: 2, points: { show: false } },
    ],
  };
  const plot = new uPlot(options, [[], [], []], box);
  new ResizeObserver(() => plot.setSize({ width: box.clientWidth || 320, height: HEIGHT })).observe(box);
  let pending = null;
  return {
    show(losses, window) {
      pending = [losses, window];
      requestAnimationFrame(() => {
        if (!pending) return;
        plot.setData(chartData(...pending));
        pending = null;
      });
    },
  };
}

function chartData(losses, window) {
  const steps = losses.map((_, i) => i + 1);
  const means = [];
  let total = 0;
  losses.forEach((loss, i) => {
    total += loss - (i >= window ? losses[i - window] : 0);
    means.push(total / Math.min(i + 1, window));
  });
  return [steps, losses, means];
}
