import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { useProfileStyles } from './Profile.styles.ts';

/** Saves the codes as a text file through a temporary link (the browser's download). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The ten recovery codes, shown this once: copy them, download them as a .txt file, then "I have saved them". */
export function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const { t } = useTranslation('profile');
  const styles = useProfileStyles();
  const [copied, setCopied] = useState(false);
  const text = `${t('twoFactor.codes.fileTitle')}\n\n${codes.join('\n')}\n`;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('twoFactor.codes.title')}</MessageBarTitle>
        <p>{t('twoFactor.codes.body')}</p>
        <ul className={styles.codes} aria-label={t('twoFactor.codes.title')}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button size="small" onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true), () => undefined)}>
            {copied ? t('twoFactor.copied') : t('twoFactor.codes.copy')}
          </Button>
          <Button size="small" onClick={() => download(text, 'vitrine-recovery-codes.txt')}>
            {t('twoFactor.codes.download')}
          </Button>
          <Button size="small" appearance="primary" onClick={onSaved}>
            {t('twoFactor.codes.saved')}
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}
