// The demo's stand-in for a merchant sign-up form embedded by a landing page: thanks, no sending.
document.querySelector('form').addEventListener('submit', (event) => {
  event.preventDefault();
  document.getElementById('ok').textContent = '¡Gracias! Te contactaremos pronto.';
  event.target.reset();
});

// The page that embeds this form cannot measure it (a frame may be cross-origin): the form tells
// its height, so the frame fits it on any screen instead of cutting off the button.
const form = document.querySelector('form');
const tellHeight = () => {
  const bottom = form.getBoundingClientRect().bottom + window.scrollY;
  window.parent.postMessage({ type: 'store-frame-height', height: Math.ceil(bottom + 24) }, '*');
};
new ResizeObserver(tellHeight).observe(form);
