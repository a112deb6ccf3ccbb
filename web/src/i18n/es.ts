import { catalogEs } from './catalog-es';
import { subscriptionEs } from './subscription-es';
import type { screensEs } from './screens-es';

/**
 * Spanish: default and fallback language. The texts of the first pages only; those of the lazy
 * screens are in screens-es.ts (loaded with them).
 */
export const es = {
  common: {
    loading: 'Cargando...',
    notFound: 'Lo sentimos, página no encontrada!',
    backHome: 'Volver al inicio',
    comingSoon: 'Próximamente',
    comingSoonText: 'Estamos preparando esta sección. Vuelve pronto.',
    noResults: 'No se encuentran resultados para esta búsqueda',
    nothingToShow: 'No hay nada que mostrar',
    logoAlt: 'Logo de {{name}}',
    skipToContent: 'Saltar al contenido',
    coverAlt: 'Portada de {{name}}',
    errorTitle: 'Algo salió mal',
    errorText: 'No pudimos mostrar esta página. Inténtalo de nuevo.',
    retry: 'Reintentar',
  },
  maintenance: {
    title: 'Estamos en mantenimiento',
    text: 'Los días 5 y 6 de noviembre estaremos realizando trabajos de mantenimiento para mejorar nuestro servicio. Disculpa las molestias, volveremos muy pronto.',
  },
  header: {
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    home: 'Ir al inicio',
  },
  menu: {
    title: 'Menú',
    profile: 'Mi perfil',
    qr: 'Mi código QR',
    changePassword: 'Cambiar contraseña',
    orders: 'Mis pedidos',
    coins: 'Mis monedas',
    events: 'Eventos',
    polls: 'Encuestas',
    login: 'Iniciar sesión',
    logout: 'Cerrar sesión',
    staff: 'Atención en tienda',
    admin: 'Administración',
    faqs: 'Preguntas frecuentes',
    terms: 'Términos y condiciones',
    privacy: 'Políticas de privacidad',
    cookies: 'Política de cookies',
    language: 'Idioma',
    city: 'Ciudad',
  },
  languages: { es: 'Español', en: 'English' },
  footer: {
    nav: 'Navegación principal',
    products: 'Productos',
    orders: 'Pedidos',
    cart: 'Carrito',
    program: 'Beneficios',
    raffles: 'Sorteos',
    createStore: 'Crea tu tienda',
    poweredBy: 'Desarrollado por Tienda Blanca © {{year}}',
  },
  home: {
    title: 'Encuentra tu negocio favorito',
    search: 'Buscar negocios o categorías',
    searchLabel: 'Buscar',
    empty: 'No se encuentran resultados para esta búsqueda',
    visit: 'Ver tienda',
    allCategories: 'Todas las categorías',
    backTo: 'Volver a {{name}}',
    opensSoon: 'Abre pronto',
    opensSoonTitle: '{{name}} abre pronto',
    opensSoonText: 'Estamos preparando esta tienda. Mientras tanto, descubre otros negocios.',
    otherBusinesses: 'Ver otros negocios',
  },
  carta: {
    title: 'Carta',
    goStore: 'Ir a la tienda',
    empty: 'Esta carta aún no tiene productos.',
  },
  catalog: catalogEs,
  subscription: subscriptionEs,
  legal: {
    privacyTitle: 'Políticas de privacidad',
    termsTitle: 'Términos y condiciones',
    faqsTitle: 'FAQs',
    termsNotFound: 'No se encontraron los términos y condiciones',
    privacyNotFound: 'No se encontraron las políticas de privacidad',
    faqsEmpty: 'Aún no hay preguntas frecuentes publicadas.',
  },
  cookies: {
    bannerTitle: 'Usamos cookies',
    bannerText:
      'Usamos cookies propias y de terceros para que la tienda funcione, recordar tus preferencias y analizar cómo se usa el sitio.',
    accept: 'Aceptar',
    reject: 'Rechazar',
    configure: 'Configurar',
    save: 'Guardar preferencias',
    policy: 'Política de cookies',
    dialogTitle: 'Configuración de cookies',
    necessary: 'Cookies necesarias',
    necessaryText: 'Imprescindibles para que la tienda funcione. Siempre activas.',
    analytics: 'Cookies analíticas',
    analyticsText: 'Nos ayudan a entender cómo se usa la tienda (Google Analytics, cookie _ga).',
    guid: 'Identificador de visita',
    guidText: 'Un identificador anónimo para recordar tu visita durante 24 horas (cookie _guid).',
    close: 'Cerrar',
    pageTitle: 'Política de cookies',
    pageIntro:
      'Una cookie es un pequeño archivo que el sitio guarda en tu navegador. Estas son las cookies que usamos y para qué:',
    colName: 'Cookie',
    colPurpose: 'Finalidad',
    colDuration: 'Duración',
    gaPurpose: 'Analítica: distingue a los usuarios para obtener estadísticas de uso.',
    gaDuration: '2 años',
    guidPurpose: 'Identificador anónimo de la visita.',
    guidDuration: '24 horas',
    acceptPurpose: 'Recuerda que aceptaste la política de cookies.',
    acceptDuration: '1 día',
    pageOutro:
      'Puedes cambiar tu elección en cualquier momento desde la configuración de cookies o borrar las cookies desde tu navegador.',
    openSettings: 'Configurar cookies',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** A whole language: the first pages' texts and the lazy screens'. */
export type Catalogue = Widen<typeof es & typeof screensEs>;
