// Async boundary: shared modules are negotiated with the remotes before any of them is used.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./bootstrap');
};
// While index.html shows the build's drawing of the sign-in page, the browser paints it before the app's code runs
// (bench/page-load.mjs): after the next frame, or at most 100 ms on (a hidden tab draws no frames). The id is web-core's
// PRERENDERED_ID, written out: nothing may be imported before the async boundary.
if (document.getElementById('prerendered')) {
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 100);
} else start();
