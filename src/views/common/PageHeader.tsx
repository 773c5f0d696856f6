import type { ReactNode } from 'react';
import { Title2 } from '@fluentui/react-components';
import { usePageHeaderStyles } from './PageHeader.styles.ts';

export interface PageHeaderProps {
  /** The translated page heading (rendered as the page's h1). */
  title: string;
  /** Buttons and controls shown at the end of the header (wrap under the title on narrow screens). */
  actions?: ReactNode;
}

/** A screen's heading row: the title and an actions slot. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  const styles = usePageHeaderStyles();
  return (
    <header className={styles.root}>
      <Title2 as="h1" block className={styles.title}>
        {title}
      </Title2>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
