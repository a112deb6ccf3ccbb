/**
 * MercadoPago.js v2, the part of it this checkout uses (Core Methods with secure fields,
 * https://www.mercadopago.com.pe/developers/es/docs/checkout-api/integration-configuration/card/web-integration):
 * the card number, expiry and CVC are typed in Mercado Pago's own frames, and only the token
 * they make comes back to our page.
 */
export type SecureField = {
  mount: (containerId: string) => SecureField;
  unmount: () => void;
  on: (event: string, handler: (data: { bin?: string | null }) => void) => SecureField;
};

export type MercadoPagoInstance = {
  fields: {
    create: (
      type: 'cardNumber' | 'expirationDate' | 'securityCode',
      options?: { placeholder?: string },
    ) => SecureField;
    createCardToken: (data: { cardholderName: string }) => Promise<{ id: string }>;
  };
  /**
   * Yape (Peru): the payer's phone number and the approval code of the Yape app become a
   * single-use token (https://www.mercadopago.com.pe/developers/es/docs/checkout-api/integration-configuration/yape).
   */
  yape: (data: { phoneNumber: string; otp: string }) => { create: () => Promise<{ id: string }> };
  getPaymentMethods: (data: {
    bin: string;
  }) => Promise<{ results: { id: string; issuer?: { id: number | string } | null }[] }>;
  /**
   * The installments Mercado Pago offers for this card (its BIN) and amount: one entry per
   * payment method, each with its issuer and its `payer_costs` (count, the amount per installment
   * and the localised `recommended_message`, e.g. "3 cuotas de S/ 8,55 (S/ 25,65)").
   */
  getInstallments: (data: { amount: string; bin: string; locale?: string }) => Promise<
    {
      payment_method_id: string;
      issuer?: { id: number | string; name?: string } | null;
      payer_costs: {
        installments: number;
        recommended_message?: string;
        installment_amount?: number;
        total_amount?: number;
      }[];
    }[]
  >;
};

type MercadoPagoConstructor = new (
  publicKey: string,
  options?: { locale?: string },
) => MercadoPagoInstance;

/** Mercado Pago's URL, unless the page names another (server setting MERCADOPAGO_SDK_URL). */
const DEFAULT_SDK_URL = 'https://sdk.mercadopago.com/js/v2';

let loading: Promise<MercadoPagoConstructor> | null = null;

/**
 * Adds the script once per page; a failed load is forgotten so the next attempt (the shopper
 * coming back to the card method) tries again.
 */
export function loadMercadoPago(): Promise<MercadoPagoConstructor> {
  const ready = (window as { MercadoPago?: MercadoPagoConstructor }).MercadoPago;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src =
      document.querySelector<HTMLMetaElement>('meta[name="mercadopago-sdk"]')?.content ||
      DEFAULT_SDK_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { MercadoPago?: MercadoPagoConstructor }).MercadoPago;
      if (loaded) resolve(loaded);
      else reject(new Error('MercadoPago.js did not define MercadoPago'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('MercadoPago.js could not be loaded'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
