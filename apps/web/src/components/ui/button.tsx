import type { ButtonHTMLAttributes } from 'react';
import { useNotReady } from '../../lib/hydrated';
import './button.css';
import { Link, type LinkProps } from './link';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface StyleProps {
  variant?: ButtonVariant;
  /** Full width, for the main action of a screen or popup. */
  block?: boolean;
}

export function buttonClassName({ variant = 'primary', block = false }: StyleProps, extra?: string): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant,
  block,
  className,
  type = 'button',
  'aria-disabled': ariaDisabled,
  ...props
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  const notReady = useNotReady(ariaDisabled);
  return (
    <button
      type={type}
      className={buttonClassName({ variant, block }, className)}
      aria-disabled={notReady}
      {...props}
    />
  );
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, block, className, ...props }: StyleProps & LinkProps) {
  return <Link className={buttonClassName({ variant, block }, className)} {...props} />;
}
