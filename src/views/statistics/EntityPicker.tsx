import { useEffect, useState } from 'react';
import { Combobox, Field, Option } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { entityOptionsMachine } from '../../machines/statistics/entityOptions.machine.ts';
import type { CompareKind } from '../../services/statistics.ts';
import { BusyIcon } from '../common/Loading.tsx';
import { useFetch } from '../navigation/useFetch.ts';
import { useCompareStyles } from './Compare.styles.ts';

export interface PickedEntity {
  kind: CompareKind;
  id: number;
  name: string;
}

export interface EntityPickerProps {
  kind: CompareKind;
  /** The entity picked (or null when the text no longer names one). */
  onPick: (entity: PickedEntity | null) => void;
  /**
   * An entity chosen from outside (a campaign named by the address): its name becomes the text once it is known. The
   * picker keeps what the user typed when this turns null.
   */
  selected?: { id: number; name: string } | null;
  /** The field's label (the kind's name by default). */
  label?: string;
  required?: boolean;
  /** Marks the field as in error without a message (the form says why). */
  invalid?: boolean;
  className?: string;
}

/**
 * A searchable list of the campaigns, devices or media the user may see: type to narrow it (the server searches the
 * whole list, so any of 10,000 is found), pick one.
 */
export function EntityPicker({ kind, onPick, selected = null, label, required, invalid, className }: EntityPickerProps) {
  const { t } = useTranslation(['statistics', 'common']);
  const styles = useCompareStyles();
  const [text, setText] = useState(selected?.name ?? '');
  const [picked, setPicked] = useState<string[]>(selected ? [String(selected.id)] : []);
  const { data, loading, error } = useFetch(entityOptionsMachine, { kind, search: picked.length ? '' : text });
  const options = data ?? [];
  useEffect(() => {
    if (!selected) return;
    setText(selected.name);
    setPicked([String(selected.id)]);
  }, [selected?.id, selected?.name]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Field
      label={label ?? t(`compare.pick.${kind}`)}
      required={required}
      className={className}
      validationState={error || invalid ? 'error' : 'none'}
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
            {/* The house ring rather than Fluent's Spinner: 2.3 KB less on /statistics, which shows this picker (issue 37). */}
            <span role="progressbar" aria-label={t('common:loading')} className={styles.busy}>
              <BusyIcon />
              {t('common:loading')}
            </span>
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
