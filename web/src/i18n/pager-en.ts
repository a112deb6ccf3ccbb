import type { pagerEs } from './pager-es';

export const pagerEn: typeof pagerEs = {
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  page: 'Page {{page}}',
};
