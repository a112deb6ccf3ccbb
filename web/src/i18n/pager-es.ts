/** The list pager's texts (components/pager.tsx), the same under every paged list. */
export const pagerEs = {
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: 'Página {{page}} de {{pages}}',
  page: 'Página {{page}}',
};
