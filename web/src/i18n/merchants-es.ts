/** The merchants marketing landing (landing_page_type MERCHANTS): invites local shops to open a free store. */
export const merchantsEs = {
  kicker: 'Para comercios de tu barrio',
  title: 'Crea tu tienda online gratis',
  lead: 'Vende por internet a tus vecinos desde {{name}}: catálogo, pedidos para delivery o recojo y pagos, sin costo de apertura.',
  createStore: 'Crear mi tienda gratis',
  whatsapp: 'Escríbenos por WhatsApp',
  benefitsTitle: '¿Qué incluye tu tienda?',
  benefitCatalogTitle: 'Catálogo en línea',
  benefitCatalogText:
    'Tus productos con fotos, precios, categorías y stock, listos para compartir.',
  benefitOrdersTitle: 'Pedidos para delivery o recojo',
  benefitOrdersText:
    'Tus clientes eligen el local, el horario de recojo o la dirección de entrega.',
  benefitPaymentsTitle: 'Pagos como prefieras',
  benefitPaymentsText: 'Efectivo, tarjeta contra entrega o tarjeta en línea.',
  benefitLoyaltyTitle: 'Clientes que vuelven',
  benefitLoyaltyText:
    'Programa de puntos, promociones y cupones para premiar a tus clientes frecuentes.',
  stepsTitle: 'Empieza en 3 pasos',
  step1Title: 'Regístrate',
  step1Text: 'Crea tu cuenta en el administrador de tiendas.',
  step2Title: 'Sube tus productos',
  step2Text: 'Agrega tu catálogo, tus locales y horarios.',
  step3Title: 'Comparte tu tienda',
  step3Text: 'Envía el enlace a tus clientes y recibe pedidos.',
  formTitle: 'Inscríbete y te ayudamos',
  formText: 'Déjanos tus datos y un asesor te contactará para abrir tu tienda.',
  formFrame: 'Formulario de inscripción de comercios',
  ctaTitle: '¿Listo para vender en línea?',
  ctaText: 'Abrir tu tienda es gratis y toma pocos minutos.',
  newTab: '(se abre en una pestaña nueva)',
};
