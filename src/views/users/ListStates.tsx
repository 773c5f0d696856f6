import type { ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { FetchStatus } from '../../machines/fetchStatus.machine.ts';
import { Loading } from '../common/Loading.tsx';
import { useUsersStyles } from './Users.styles.ts';

export interface ListStatesProps {
  /** The screen's namespace: its `messages.loadError` (alone for any failure but `errors.{forbidden,network_error}`, which it names: the
   *  namespace's `errors.generic` is a saving error), `actions.retry` and `list.empty`. */
  ns: 'users' | 'groups' | 'webhooks';
  status: FetchStatus;
  error: string | null;
  /** The loaded list has no rows. */
  empty: boolean;
  onRetry: () => void;
  /** Keys of the namespace for the empty and load-error messages, when a screen has two lists (default `list.empty`, `messages.loadError`). */
  emptyKey?: string;
  loadErrorKey?: string;
  /** The list, shown once loaded and not empty (busy while it reloads). */
  children: ReactNode;
}

/**
 * The administrator's lists (/users, /groups) around their table: a spinner while the first page loads, the
 * translated load error with Retry, the empty message, else the list marked busy while it reloads.
 */
export function ListStates({ ns, status, error, empty, onRetry, emptyKey = 'list.empty', loadErrorKey = 'messages.loadError', children }: ListStatesProps) {
  const { t } = useTranslation(ns);
  const styles = useUsersStyles();
  if (status === 'initial' || status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <div role="alert" className={styles.error}>
        {error === 'forbidden' || error === 'network_error' ? `${t(loadErrorKey)}: ${t(`errors.${error}`)}` : t(loadErrorKey)}
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </div>
    );
  }
  if (empty) return <p className={styles.message}>{t(emptyKey)}</p>;
  return <div aria-busy={status === 'updating'}>{children}</div>;
}
