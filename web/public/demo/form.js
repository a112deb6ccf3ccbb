// The demo's stand-in for a merchant sign-up form embedded by a landing page: thanks, no sending.
document.querySelector('form').addEventListener('submit', (event) => {
  event.preventDefault();
  document.getElementById('ok').textContent = '¡Gracias! Te contactaremos pronto.';
  event.target.reset();
});
