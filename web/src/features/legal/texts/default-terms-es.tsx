/** Default terms and conditions (Spanish) when the tenant has none of its own. */
export function DefaultTermsEs({ companyName }: { companyName: string }) {
  return (
    <div className="rich-text" lang="es">
      <p>
        Estos términos y condiciones regulan el uso de la tienda en línea y del programa de
        beneficios de {companyName}. Al navegar, registrarte o comprar en el sitio aceptas estas
        condiciones; si no estás de acuerdo, te pedimos no utilizar el servicio.
      </p>
      <h2>1. Cuenta de usuario</h2>
      <p>
        Para comprar o acceder a beneficios puede ser necesario crear una cuenta con datos veraces y
        actualizados. Eres responsable de mantener la confidencialidad de tu contraseña y de toda la
        actividad realizada con tu cuenta.
      </p>
      <h2>2. Productos, precios y disponibilidad</h2>
      <p>
        Los precios se muestran en soles (S/) e incluyen los impuestos aplicables, salvo que se
        indique lo contrario. La disponibilidad de los productos depende del local elegido y puede
        cambiar sin previo aviso. Las imágenes son referenciales.
      </p>
      <h2>3. Pedidos, pagos y entregas</h2>
      <p>
        Un pedido se considera confirmado cuando el local lo acepta. El local puede cancelar un
        pedido por falta de stock o por causas de fuerza mayor; en ese caso se te devolverá el
        importe pagado por el mismo medio de pago. Los tiempos de entrega y recojo son estimados.
      </p>
      <h2>4. Programa de beneficios</h2>
      <p>
        Los puntos, monedas, sellos y promociones son personales, no transferibles y no canjeables
        por dinero. Cada promoción tiene sus propias condiciones, vigencia, stock y límite de canje,
        que se muestran junto a ella. La empresa puede modificar o dar por terminado el programa
        avisando con anticipación razonable.
      </p>
      <h2>5. Uso adecuado</h2>
      <p>
        No está permitido usar el sitio con fines fraudulentos, alterar su funcionamiento ni obtener
        beneficios mediante información falsa. El incumplimiento puede llevar a la suspensión de la
        cuenta y a la anulación de los beneficios obtenidos indebidamente.
      </p>
      <h2>6. Datos personales</h2>
      <p>
        El tratamiento de tus datos se rige por nuestras{' '}
        <a href="/politics">políticas de privacidad</a>.
      </p>
      <h2>7. Libro de reclamaciones y contacto</h2>
      <p>
        Puedes presentar consultas o reclamos a través de nuestros canales de atención. Los
        atenderemos dentro de los plazos establecidos por la normativa de protección al consumidor.
      </p>
      <h2>8. Cambios</h2>
      <p>
        Podemos actualizar estos términos en cualquier momento. La versión vigente es la publicada
        en esta página.
      </p>
    </div>
  );
}
