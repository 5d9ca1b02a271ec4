import type { UpdateChannelBody } from '@qrqr/shared/channel-schemas';
import type { DeepPartial, UseFormReturn } from '../../../lib/form';
import type { SettingsValues } from './settings-values';

export type SettingsForm = UseFormReturn<SettingsValues, UpdateChannelBody>;

/** What each fieldset of the settings form gets: the form, and its values as typed so far. */
export interface SettingsPartProps {
  form: SettingsForm;
  values: DeepPartial<SettingsValues>;
}
