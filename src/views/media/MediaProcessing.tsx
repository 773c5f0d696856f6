import { Badge, Body1, Body1Strong, Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import type { FormatStatus, MediaFile } from '../../services/schemas/media.ts';
import { formatMb } from './format.ts';
import { useDetailsStyles } from './MediaDetails.styles.ts';

const FORMAT_COLOR: Record<FormatStatus, 'informative' | 'success' | 'danger' | 'subtle'> = {
  queued: 'subtle',
  processing: 'informative',
  ready: 'success',
  failed: 'danger',
};

/** The processing state (with the failure reason and a retry) and the formats rendered from the Directory. */
export function MediaProcessing({ media, canRetry, retrying, onRetry }: { media: MediaFile; canRetry: boolean; retrying: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation('media');
  const styles = useDetailsStyles();
  const failedFormat = media.formats.find((format) => format.status === 'failed');
  const fallbacks = media.fallbacks;
  const failedFallback = fallbacks.find((fallback) => fallback.status === 'failed');
  return (
    <div className={styles.state}>
      {media.status === 'processing' ? <Spinner size="tiny" labelPosition="after" label={t('details.processingText')} /> : null}
      {media.status === 'ready_to_play' || media.status === 'playing' ? <Body1>{t('details.readyText')}</Body1> : null}
      {media.status === 'failed' ? (
        <Body1 role="alert" className={styles.error}>
          {t('details.failedText', { reason: media.failure_reason ?? '' })}
        </Body1>
      ) : null}
      {media.status !== 'failed' && failedFormat ? (
        <Body1 role="alert" className={styles.error}>
          {t('details.formatFailedText', { name: failedFormat.name, reason: failedFormat.error ?? '' })}
        </Body1>
      ) : null}
      {canRetry ? (
        <Button icon={retrying ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />} disabled={retrying} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      ) : null}
      {failedFallback ? (
        <Body1 role="alert" className={styles.error}>
          {t('details.fallbackFailedText', { size: failedFallback.size, reason: failedFallback.error ?? '' })}
        </Body1>
      ) : null}
      {media.formats.length ? (
        <Table size="small" aria-label={t('fields.formats')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('details.format')}</TableHeaderCell>
              <TableHeaderCell>{t('details.preset')}</TableHeaderCell>
              <TableHeaderCell>{t('fields.status')}</TableHeaderCell>
              <TableHeaderCell>{t('fields.size')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {media.formats.map((format) => (
              <TableRow key={format.query_id}>
                <TableCell>{format.name}</TableCell>
                <TableCell>{format.value}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={FORMAT_COLOR[format.status]}>
                    {t(`formatStatus.${format.status}`)}
                  </Badge>
                </TableCell>
                <TableCell>{format.size === null ? t('list.none') : formatMb(format.size, i18n.language, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Body1 className={styles.muted}>{t(fallbacks.length ? 'details.noFormatsFallback' : 'details.noFormats')}</Body1>
      )}
      {fallbacks.length ? (
        <>
          <Body1Strong as="p" block>
            {t('details.fallbacks')}
          </Body1Strong>
          <Body1 as="p" block className={styles.muted}>
            {t('details.fallbacksIntro')}
          </Body1>
          <Table size="small" aria-label={t('details.fallbacks')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('details.fallbackSize')}</TableHeaderCell>
                <TableHeaderCell>{t('fields.status')}</TableHeaderCell>
                <TableHeaderCell>{t('fields.size')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {fallbacks.map((fallback) => (
                <TableRow key={fallback.size}>
                  <TableCell>{fallback.size.replace('x', ' × ')}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={FORMAT_COLOR[fallback.status]}>
                      {t(`formatStatus.${fallback.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell>{fallback.file_size === null ? t('list.none') : formatMb(fallback.file_size, i18n.language, t)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </div>
  );
}
