import './spinner.css';

/** A decorative spinner; the surrounding status text is what assistive technology reads. */
export function Spinner({ size = 40 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
