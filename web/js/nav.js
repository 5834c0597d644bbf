// Marks the current page in the shared top navigation.
const here = location.pathname.replace(/\.html$/, '').replace(/\/$/, '') || '/index';
for (const link of document.querySelectorAll('.topnav a[data-page]')) {
  const page = link.dataset.page;
  const match = page === 'index' ? (here === '/index' || here === '') : here === `/${page}`;
  if (match) link.setAttribute('aria-current', 'page');
}
