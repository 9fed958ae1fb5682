import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

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
  ...props
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClassName({ variant, block }, className)} {...props} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, block, className, ...props }: StyleProps & LinkProps) {
  return <Link className={buttonClassName({ variant, block }, className)} {...props} />;
}
