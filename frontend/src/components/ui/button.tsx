import type { ComponentProps } from 'react';
import { withOverrides } from '../../lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'gold';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-slate-300 disabled:text-slate-600',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300',
  gold: 'bg-amber-400 text-amber-950 hover:bg-amber-300 disabled:bg-slate-300 disabled:text-slate-600',
};

/** Compact buttons sit several to a row (vote, interested). */
const SIZES = { default: 'px-4', compact: 'px-3' } as const;

// ComponentProps<'button'> carries `ref` (a prop in React 19), passed on with the rest.
type ButtonProps = ComponentProps<'button'> & { variant?: Variant; size?: keyof typeof SIZES };

export function Button({ variant = 'primary', size = 'default', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={withOverrides(
        `inline-flex min-h-11 items-center justify-center gap-2 rounded-xl ${SIZES[size]} text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed ${VARIANTS[variant]}`,
        className,
      )}
      {...props}
    />
  );
}
