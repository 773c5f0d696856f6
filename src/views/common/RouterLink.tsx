import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from '../app/router.tsx';

export interface RouterLinkProps {
  /** The app path to go to (`/media/12`). */
  to: string;
  className?: string;
  'aria-label'?: string;
  children?: ReactNode;
}

/**
 * A Fluent `Link` (theme colours in every theme, focus ring, underline on hover) that navigates inside the SPA:
 * a plain click goes through the router, a middle or modified click opens the address as any link would.
 */
export function RouterLink({ to, children, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link {...rest} href={href} onClick={(event: React.MouseEvent<HTMLAnchorElement>) => navigate(event)}>
      {children}
    </Link>
  );
}
