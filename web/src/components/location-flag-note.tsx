import '../styles/location-flag.css';

/**
 * A doubt about a delivery point, told to staff on an order (the staff board and the back
 * office): what disagrees, and the client's phone to confirm the address before sending it.
 * The texts come translated from the screen's own catalogue.
 */
export function LocationFlagNote({
  title,
  text,
  phone,
  callLabel,
}: {
  title: string;
  text: string;
  phone: string | null;
  callLabel: string;
}) {
  return (
    <div className="location-flag" role="note" data-testid="location-flag">
      <strong className="location-flag__title">{title}</strong>
      <span>{text}</span>
      {phone ? (
        <a className="location-flag__call" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {callLabel}
        </a>
      ) : null}
    </div>
  );
}
