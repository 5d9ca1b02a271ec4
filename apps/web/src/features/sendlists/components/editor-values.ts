import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { BOX_FILTERS } from '@qrqr/shared/tag-filter';
import type { BoxValues } from './use-live-reach';

/** The editor's values as the form holds them. */
export type FormValues = BoxValues & { sendlist_name: string };

export const emptyValues: FormValues = {
  sendlist_name: '',
  box_filter_1: String(BOX_FILTERS.unused),
  tag_list_1: [],
  box_filter_2: String(BOX_FILTERS.unused),
  tag_list_2: [],
};

export function toValues(list: SendlistDto): FormValues {
  return {
    sendlist_name: list.sendlist_name,
    box_filter_1: String(list.box_filter_1),
    tag_list_1: list.tag_list_1.map(String),
    box_filter_2: String(list.box_filter_2),
    tag_list_2: list.tag_list_2.map(String),
  };
}
