import type { UpdateChannelBody } from '@qrqr/shared/channel-schemas';
import type { DeepPartialSkipArrayKey, UseFormReturn } from 'react-hook-form';
import type { SettingsValues } from './settings-values';

export type SettingsForm = UseFormReturn<SettingsValues, unknown, UpdateChannelBody>;

/** What each fieldset of the settings form gets: the form, and its values as typed so far. */
export interface SettingsPartProps {
  form: SettingsForm;
  values: DeepPartialSkipArrayKey<SettingsValues>;
}
