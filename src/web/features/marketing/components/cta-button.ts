import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The marketing pages' call-to-action links: pill-shaped, larger than the app's buttons, with
 * variants for light sections and for the dark gradient hero. Plain class strings (no tailwind-merge)
 * keep the pages' first load small; never pass a class that conflicts with these.
 */
export const ctaButton = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold outline-none transition-all focus-visible:ring-2 focus-visible:ring-offset-2 motion-reduce:transition-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        primary:
          'bg-primary text-primary-foreground shadow-lg shadow-primary/25 hover:bg-primary/90 focus-visible:ring-ring focus-visible:ring-offset-background',
        outline:
          'border border-input bg-background text-foreground hover:bg-accent focus-visible:ring-ring focus-visible:ring-offset-background',
        light:
          'bg-white text-indigo-950 shadow-lg shadow-black/20 hover:bg-indigo-50 focus-visible:ring-white focus-visible:ring-offset-indigo-950',
        ghostLight:
          'border border-white/40 bg-white/5 text-white hover:bg-white/15 focus-visible:ring-white focus-visible:ring-offset-indigo-950',
      },
      size: {
        md: 'h-11 px-5 text-sm',
        lg: 'h-12 px-7 text-base',
      },
    },
    defaultVariants: { tone: 'primary', size: 'md' },
  },
);

export type CtaButtonProps = VariantProps<typeof ctaButton>;
