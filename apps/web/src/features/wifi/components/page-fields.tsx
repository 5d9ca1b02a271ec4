import { Group, NativeSelect, Radio, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { WIFI_HEADER_TYPES, WIFI_PAGE_LIMITS } from '@qrqr/shared/wifi-constants';
import { useTranslation } from '../../../lib/use-translation';
import { ColourField } from './colour-field';
import type { PageValues } from './page-values';
import { PictureField } from './picture-field';

/**
 * A welcome page's own fields in the builder: its title and channel, the header (a text or a
 * picture), the free text and footer, the colours and the background picture.
 */
export function PageFields(props: {
  values: PageValues;
  set: (patch: Partial<PageValues>) => void;
  channels: ChannelDto[];
  /** The channel the page is for, as chosen. */
  owner: ChannelDto;
  errorOf: (field: string) => string | null;
  /** The text and background colours' contrast, and whether it is below the minimum. */
  ratio: number;
  contrastBad: boolean;
}) {
  const { t } = useTranslation('wifi');
  const { values, set, errorOf, ratio } = props;
  const chars = (v: string) => Array.from(v).length;
  const tooLong = (v: string, max: number) => (chars(v) > max ? t('create.too_long', { max }) : null);
  return (
    <>
      <TextInput
        label={t('create.fields.title')}
        description={t('create.count', { count: chars(values.title), max: WIFI_PAGE_LIMITS.titleMax })}
        value={values.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        error={tooLong(values.title, WIFI_PAGE_LIMITS.titleMax) ?? errorOf('title')}
        data-testid="field-title"
      />
      <NativeSelect
        label={t('create.fields.channel')}
        value={String(values.channel_id)}
        onChange={(e) =>
          set({ channel_id: Number(e.currentTarget.value), header_image: null, background_image: null })
        }
        data={props.channels.map((c) => ({ value: String(c.channel_id), label: c.channel_name }))}
        description={props.owner.description_short || undefined}
      />
      <Radio.Group
        label={t('create.fields.header_type')}
        value={String(values.header_type)}
        onChange={(v) => set({ header_type: Number(v) })}
      >
        <Group gap="md" mt={4}>
          <Radio value={String(WIFI_HEADER_TYPES.text)} label={t('create.header_text_type')} />
          <Radio value={String(WIFI_HEADER_TYPES.image)} label={t('create.header_image_type')} />
        </Group>
      </Radio.Group>
      {values.header_type === WIFI_HEADER_TYPES.text ? (
        <TextInput
          label={t('create.fields.header_text')}
          description={t('create.count', {
            count: chars(values.header_text),
            max: WIFI_PAGE_LIMITS.headerTextMax,
          })}
          value={values.header_text}
          onChange={(e) => set({ header_text: e.currentTarget.value })}
          error={tooLong(values.header_text, WIFI_PAGE_LIMITS.headerTextMax) ?? errorOf('header_text')}
          data-testid="field-header_text"
        />
      ) : (
        <PictureField
          label={t('create.fields.header_image')}
          channelId={values.channel_id}
          value={values.header_image}
          onChange={(v) => set({ header_image: v })}
          testId="field-header_image"
        />
      )}
      <Textarea
        label={t('create.fields.free_text')}
        description={t('create.count', {
          count: chars(values.free_text),
          max: WIFI_PAGE_LIMITS.freeTextMax,
        })}
        value={values.free_text}
        onChange={(e) => set({ free_text: e.currentTarget.value })}
        error={tooLong(values.free_text, WIFI_PAGE_LIMITS.freeTextMax) ?? errorOf('free_text')}
        autosize
        minRows={3}
        data-testid="field-free_text"
      />
      <TextInput
        label={t('create.fields.footer_text')}
        description={t('create.count', {
          count: chars(values.footer_text),
          max: WIFI_PAGE_LIMITS.footerTextMax,
        })}
        value={values.footer_text}
        onChange={(e) => set({ footer_text: e.currentTarget.value })}
        error={tooLong(values.footer_text, WIFI_PAGE_LIMITS.footerTextMax) ?? errorOf('footer_text')}
        data-testid="field-footer_text"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ColourField
          label={t('create.fields.text_color')}
          kind="text"
          value={values.text_color}
          onChange={(v) => set({ text_color: v })}
          error={
            props.contrastBad ? t('create.contrast', { ratio: ratio.toFixed(2) }) : errorOf('text_color')
          }
          testId="field-text_color"
        />
        <ColourField
          label={t('create.fields.background_color')}
          kind="background"
          value={values.background_color}
          onChange={(v) => set({ background_color: v })}
          testId="field-background_color"
        />
      </SimpleGrid>
      <PictureField
        label={t('create.fields.background_image')}
        channelId={values.channel_id}
        value={values.background_image}
        onChange={(v) => set({ background_image: v })}
        testId="field-background_image"
      />
    </>
  );
}
