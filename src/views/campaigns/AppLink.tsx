import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useNavigate } from '../app/router.tsx';

/** A Fluent link (house colours in every theme) that navigates inside the app. */
export function AppLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  return (
    <Link
      href={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
