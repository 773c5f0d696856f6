import { useCallback, useState } from 'react';
import { Button, Card, CardFooter, CardHeader, Dropdown, Field, Option, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, MapRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { useSearchParams } from '../app/router.tsx';
import { navigationCompaniesMachine } from '../../machines/navigation/navigationCompanies.machine.ts';
import { navigationObjectsMachine } from '../../machines/navigation/navigationObjects.machine.ts';
import { navigationOfficesMachine } from '../../machines/navigation/navigationOffices.machine.ts';
import type { NavigationObject } from '../../services/navigation.service.ts';
import { navigationObjectDeleteMachine } from '../../machines/navigation/navigationObjectDelete.machine.ts';
import type { ObjectUploadInput } from '../../machines/navigation/objectUpload.machine.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { ObjectFormDialog } from './ObjectFormDialog.tsx';
import { ObjectViewer } from './ObjectViewer.tsx';
import { OfficeDevices } from './OfficeDevices.tsx';
import { useNavigationStyles } from './Navigation.styles.ts';
import { useFetch } from './useFetch.ts';

const numberOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** /navigation: choose a company and an office, see its objects (layouts) as cards, add, edit, delete and open them. */
export default function NavigationScreen() {
  const { t } = useTranslation(['navigation', 'common', 'screens']);
  usePageTitle('screens:titles.navigation');
  const styles = useNavigationStyles();
  const notify = useNotify();
  const canEdit = useCan('devices'); // the navigation routes' area (server/routes/navigation.ts)
  const [search, setSearch] = useSearchParams();
  const company = numberOf(search.get('company'));
  const office = numberOf(search.get('office'));
  const opened = numberOf(search.get('object'));
  const companies = useFetch(navigationCompaniesMachine, 'all');
  const offices = useFetch(navigationOfficesMachine, company);
  const objects = useFetch(navigationObjectsMachine, office);
  const [form, setForm] = useState<ObjectUploadInput | null>(null);
  const choose = (values: Record<string, number | null>) =>
    setSearch(Object.fromEntries(Object.entries({ company, office, object: opened, ...values }).filter(([, v]) => v !== null).map(([k, v]) => [k, String(v)])));
  const openedObject = objects.data?.find((o) => o.id === opened) ?? null;
  const loadError = companies.error ?? offices.error ?? objects.error;
  // The delete with its confirmation (src/machines/navigation/navigationObjectDelete.machine.ts): the list reloads,
  // and an opened object that went closes.
  const remove = useConfirmDelete(
    navigationObjectDeleteMachine,
    'common',
    (id) => {
      if (id === opened) choose({ object: null });
      objects.reload();
    },
    () => 'messages.removeError',
    { title: (name) => t('objects.deleteNamed', { name }) },
  );

  return (
    <section>
      <PageHeader
        title={t('screens:titles.navigation')}
        actions={
          canEdit ? (
            <Button appearance="primary" icon={<AddRegular />} disabled={!office} onClick={() => office && setForm({ office })}>
              {t('objects.add')}
            </Button>
          ) : null
        }
      />
      <div className={styles.pickers}>
        <Field label={t('picker.company')}>
          <Dropdown
            className={styles.dropdown}
            placeholder={t('picker.chooseCompany')}
            value={companies.data?.find((c) => c.id === company)?.name ?? ''}
            selectedOptions={company ? [String(company)] : []}
            onOptionSelect={(_, data) => choose({ company: Number(data.optionValue), office: null, object: null })}
          >
            {(companies.data ?? []).map((c) => (
              <Option key={c.id} value={String(c.id)}>{c.name}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('picker.office')}>
          <Dropdown
            className={styles.dropdown}
            placeholder={t('picker.chooseOffice')}
            disabled={!company}
            value={offices.data?.find((o) => o.id === office)?.name ?? ''}
            selectedOptions={office ? [String(office)] : []}
            onOptionSelect={(_, data) => choose({ office: Number(data.optionValue), object: null })}
          >
            {(offices.data ?? []).map((o) => (
              <Option key={o.id} value={String(o.id)} text={o.name}>
                {`${o.name} (${t('objects.count', { count: o.objects.length })})`}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {loadError ? (
        <p role="alert" className={styles.error}>
          {t('messages.loadError')}: {t(`common:${errorMessageKey(loadError)}`)}{' '}
          <Button size="small" onClick={() => (companies.error ? companies.reload() : offices.error ? offices.reload() : objects.reload())}>
            {t('actions.retry')}
          </Button>
        </p>
      ) : null}
      {companies.loading || offices.loading || objects.loading ? <Loading /> : null}
      {!office ? <p className={styles.message}>{t('picker.hint')}</p> : null}
      {office && objects.data && !objects.data.length ? <p className={styles.message}>{t('objects.empty')}</p> : null}
      {objects.data?.length ? (
        <ul className={styles.cards} aria-label={t('objects.title')} style={{ listStyleType: 'none', padding: 0 }}>
          {objects.data.map((o) => (
            <li key={o.id}>
              <Card>
                <CardHeader header={<Text className={styles.cardName}>{o.name}</Text>} description={<Text>{t('objects.size', { width: o.width, height: o.height })}</Text>} />
                <CardFooter className={styles.cardActions}>
                  <Button icon={<MapRegular />} appearance={o.id === opened ? 'primary' : 'secondary'} aria-label={t('objects.openNamed', { name: o.name })} onClick={() => choose({ object: o.id })}>
                    {t('objects.open')}
                  </Button>
                  {canEdit ? <Button icon={<EditRegular />} aria-label={t('objects.editNamed', { name: o.name })} onClick={() => setForm({ office: o.office, object: { id: o.id, name: o.name } })} /> : null}
                  {canEdit ? <Button icon={<DeleteRegular />} aria-label={t('objects.deleteNamed', { name: o.name })} onClick={() => remove.ask(o.id, o.name)} /> : null}
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      {office ? <OfficeDevices key={office} office={office} /> : null}
      {openedObject ? <ObjectViewer key={`${openedObject.id}-${openedObject.layout}`} object={openedObject} /> : null}
      <ObjectFormDialog
        input={form}
        onClose={() => setForm(null)}
        onDone={useCallback(
          (saved: NavigationObject) => {
            setForm(null);
            notify(t('messages.saved'), 'success');
            objects.reload();
            offices.reload();
          },
          // eslint-disable-next-line react-hooks/exhaustive-deps
          [notify, t],
        )}
      />
      {remove.dialog}
    </section>
  );
}
