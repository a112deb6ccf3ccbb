import type { orderAlertsEs } from './order-alerts-es';

export const orderAlertsEn: typeof orderAlertsEs = {
  soundOn: 'Sound: on',
  soundHint: 'A sound when a new order arrives',
  enableHint: 'A browser alert for every new order, even from another tab',
  soundOff: 'Sound: muted',
  enable: 'Turn on alerts',
  enabled: 'Alerts on',
  blocked: 'The browser blocks alerts; the sound and the list keep working.',
  unsupported: "This browser doesn't show alerts; the sound and the list keep working.",
  newOrder: 'New order No. {{number}}',
  newOrderBody: '{{place}} · {{total}} · {{shipping}}',
};
