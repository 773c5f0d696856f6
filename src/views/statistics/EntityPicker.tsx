import { useState } from 'react';
import { Combobox, Field, Option, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { listCampaigns } from '../../services/campaigns/campaigns.service.ts';
import { listDevices } from '../../services/devices.service.ts';
import { listMedia } from '../../services/media.service.ts';
import type { CompareKind } from '../../services/statistics.ts';
import { useFetch } from '../navigation/useFetch.ts';
import { useCompareStyles } from './Compare.styles.ts';

export interface PickedEntity {
  kind: CompareKind;
  id: number;
  name: string;
}

const OPTIONS_PAGE = 20;

/** The first matches of a kind's own list (each answers within the caller's scope). */
async function loadOptions({ kind, search }: { kind: CompareKind; search: string }): Promise<{ id: number; name: string }[]> {
  const params = { page: 1, page_size: OPTIONS_PAGE, search };
  const page = kind === 'campaign' ? await listCampaigns(params) : kind === 'device' ? await listDevices(params) : await listMedia(params);
  return page.results.map((item) => ({ id: item.id, name: item.name }));
}

export interface EntityPickerProps {
  kind: CompareKind;
  /** The entity picked (or null when the text no longer names one). */
  onPick: (entity: PickedEntity | null) => void;
  className?: string;
}

/** A searchable list of the campaigns, devices or media the user may see: type to narrow it, pick one. */
export function EntityPicker({ kind, onPick, className }: EntityPickerProps) {
  const { t } = useTranslation(['statistics', 'common']);
  const styles = useCompareStyles();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const { data, loading, error } = useFetch(loadOptions, { kind, search: picked.length ? '' : text });
  const options = data ?? [];
  return (
    <Field
      label={t(`compare.pick.${kind}`)}
      className={className}
      validationState={error ? 'error' : 'none'}
      validationMessage={error ? t('errors.loadFailed') : undefined}
    >
      <Combobox
        className={styles.combobox}
        freeform
        value={text}
        selectedOptions={picked}
        placeholder={t('compare.pick.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          setPicked([]);
          onPick(null);
        }}
        onOptionSelect={(_, selection) => {
          const id = Number(selection.optionValue);
          const option = options.find((item) => item.id === id);
          if (!option) return;
          setText(option.name);
          setPicked([String(id)]);
          onPick({ kind, id, name: option.name });
        }}
      >
        {loading && options.length === 0 ? (
          <Option disabled value="" text="">
            <Spinner size="tiny" label={t('common:loading')} />
          </Option>
        ) : null}
        {!loading && options.length === 0 ? (
          <Option disabled value="" text="">
            {t('compare.pick.none')}
          </Option>
        ) : null}
        {options.map((option) => (
          <Option key={option.id} value={String(option.id)} text={option.name}>
            {option.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
