/**
 * Default privacy notice (Spanish) shown when the tenant has no privacy text of its own.
 * Kept in its own module: it is only loaded with the privacy page.
 */
export function DefaultPrivacyEs({ companyName }: { companyName: string }) {
  return (
    <div className="rich-text" lang="es">
      <p className="legal__meta">
        Fecha de publicación: 1 de abril de 2020. Última actualización: 25 de julio de 2020.
      </p>

      <p>
        En {companyName} (en adelante, «la empresa») respetamos tu privacidad y nos comprometemos a
        proteger los datos personales que nos confías. Esta política explica qué información
        recopilamos cuando usas nuestra tienda en línea y nuestro programa de beneficios, para qué
        la usamos, con quién la compartimos y cómo puedes ejercer tus derechos. Al registrarte o
        usar el sitio declaras haber leído y aceptado esta política.
      </p>

      <h2>1. Datos que recopilamos</h2>
      <p>Recopilamos únicamente los datos necesarios para prestarte nuestros servicios:</p>
      <ul>
        <li>
          <strong>Datos de identificación y contacto:</strong> nombres, apellidos, tipo y número de
          documento, fecha de nacimiento, género, correo electrónico, número de teléfono móvil y
          ciudad.
        </li>
        <li>
          <strong>Datos de tus pedidos:</strong> productos comprados, dirección y referencias de
          entrega, local de recojo, montos, método de pago y el historial de pedidos. Los datos de
          tu tarjeta los procesa directamente la pasarela de pagos; nosotros no los almacenamos.
        </li>
        <li>
          <strong>Datos del programa de beneficios:</strong> puntos, monedas, sellos, promociones
          adquiridas y canjeadas, participación en sorteos, encuestas y eventos.
        </li>
        <li>
          <strong>Datos técnicos y de navegación:</strong> dirección IP, tipo de navegador y
          dispositivo, páginas visitadas y las cookies descritas más abajo.
        </li>
      </ul>

      <h2>2. Finalidades del tratamiento</h2>
      <p>Usamos tus datos para:</p>
      <ul>
        <li>crear y administrar tu cuenta, y verificar tu identidad;</li>
        <li>procesar, entregar y dar seguimiento a tus pedidos y suscripciones;</li>
        <li>
          administrar tu participación en el programa de beneficios: acumular y canjear puntos,
          monedas y promociones;
        </li>
        <li>atender tus consultas, reclamos y solicitudes;</li>
        <li>
          enviarte comunicaciones sobre promociones, novedades y beneficios, siempre que lo hayas
          autorizado; puedes retirar tu autorización en cualquier momento;
        </li>
        <li>
          elaborar estadísticas anónimas para mejorar nuestros productos y la experiencia del sitio;
        </li>
        <li>cumplir con las obligaciones legales, contables y tributarias que nos corresponden.</li>
      </ul>

      <h2>3. Transferencias y destinatarios</h2>
      <p>
        No vendemos ni alquilamos tus datos personales. Solo los compartimos con terceros cuando es
        necesario para prestarte el servicio: proveedores de alojamiento y tecnología, pasarelas de
        pago, empresas de reparto y servicios de envío de correos y mensajes. Estos proveedores
        actúan por encargo nuestro, solo pueden usar los datos para la finalidad encomendada y están
        obligados a protegerlos. Algunos de ellos pueden encontrarse fuera del país; en ese caso
        exigimos niveles de protección adecuados. También podremos comunicar tus datos a las
        autoridades cuando una norma o un mandato judicial así lo exija.
      </p>

      <h2>4. Conservación y seguridad</h2>
      <p>
        Conservamos tus datos mientras mantengas tu cuenta activa y, después, durante el plazo que
        exijan las normas aplicables. Aplicamos medidas técnicas y organizativas razonables para
        evitar su pérdida, alteración o acceso no autorizado, como el cifrado de las comunicaciones
        y de las contraseñas.
      </p>

      <h2>5. Tus derechos: acceso, rectificación, cancelación y oposición</h2>
      <p>
        Como titular de tus datos personales puedes ejercer en cualquier momento los derechos de:
      </p>
      <ul>
        <li>
          <strong>Acceso:</strong> conocer qué datos tuyos tratamos y cómo los obtuvimos.
        </li>
        <li>
          <strong>Rectificación:</strong> corregir datos inexactos, incompletos o desactualizados.
        </li>
        <li>
          <strong>Cancelación:</strong> pedir la supresión de tus datos cuando ya no sean
          necesarios.
        </li>
        <li>
          <strong>Oposición:</strong> oponerte a un tratamiento concreto, por ejemplo al envío de
          publicidad.
        </li>
      </ul>
      <p>
        Para ejercerlos, escríbenos desde el correo asociado a tu cuenta indicando tu nombre, tu
        documento de identidad y el derecho que deseas ejercer. Responderemos tu solicitud en un
        plazo máximo de veinte (20) días hábiles contados desde su recepción y, si procede, la
        haremos efectiva dentro de los quince (15) días hábiles siguientes a nuestra respuesta.
        Estos plazos podrán ampliarse una sola vez, por un periodo igual, cuando las circunstancias
        lo justifiquen, lo que te comunicaremos oportunamente. También puedes eliminar tu cuenta
        desde la aplicación. Si consideras que no hemos atendido tu solicitud, puedes acudir a la
        autoridad nacional de protección de datos personales.
      </p>

      <h2>6. Cookies</h2>
      <p>
        Usamos cookies propias y de terceros para que el sitio funcione, recordar tus preferencias y
        medir su uso. La cookie analítica <code>_ga</code> dura 2 años, el identificador de visita{' '}
        <code>_guid</code> dura 24 horas y la cookie que recuerda tu aceptación dura 1 día. Puedes
        configurar o rechazar las cookies no necesarias desde el aviso de cookies y consultar el
        detalle en nuestra <a href="/cookies/">política de cookies</a>.
      </p>

      <h2>7. Enlaces a otros sitios</h2>
      <p>
        Nuestro sitio puede contener enlaces a sitios de terceros, como redes sociales, servicios de
        mensajería o pasarelas de pago. No somos responsables de sus prácticas de privacidad; te
        recomendamos leer sus políticas antes de proporcionarles información.
      </p>

      <h2>8. Menores de edad</h2>
      <p>
        Nuestros servicios están dirigidos a mayores de edad. No recopilamos a sabiendas datos de
        menores sin la autorización de sus padres o tutores.
      </p>

      <h2>9. Cambios en esta política</h2>
      <p>
        Podemos actualizar esta política para reflejar cambios en nuestros servicios o en la
        normativa. Publicaremos la versión vigente en esta página con su fecha de actualización y,
        si los cambios son importantes, te lo avisaremos por correo electrónico o mediante un aviso
        en el sitio.
      </p>
    </div>
  );
}
