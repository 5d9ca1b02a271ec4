import type { QrCodeDto, redirectUrlUpdateBody, titleUpdateBody } from '@qrqr/shared/qrcode-schemas';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { type DefaultValues, type Path, type Resolver, useForm } from '../../../../lib/form';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { notify } from '../../../../lib/notify';
import { useTranslation } from '../../../../lib/use-translation';
import { useQrFailure } from '../use-qr-failure';

type EditSchema = typeof titleUpdateBody | typeof redirectUrlUpdateBody;

interface EditFormOptions<S extends EditSchema> {
  /** The schema, loaded at the first validation (zod is not needed before). */
  loadSchema: () => Promise<S>;
  defaultValues: DefaultValues<z.input<S>>;
  /** The one field the modal shows: a server error on it goes under the input. */
  field: Path<z.input<S>>;
  update: UseMutationResult<QrCodeDto, Error, z.output<S>>;
  /** The notice shown once the change is saved. */
  savedMessage: string;
  onClose: () => void;
}

/**
 * A list row's edit modal form: saves through `update`, tells the member, closes; errors stay open.
 * `formProps` go to EditForm.
 */
export function useEditForm<S extends EditSchema>(options: EditFormOptions<S>) {
  const { loadSchema, defaultValues, field, update, savedMessage, onClose } = options;
  const { t } = useTranslation('qrcode');
  const fail = useQrFailure();
  const form = useForm<z.input<S>, z.output<S>>({
    resolver: lazyZodResolver(loadSchema) as Resolver<z.input<S>, z.output<S>>,
    defaultValues,
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        void notify({
          color: 'teal',
          message: savedMessage,
          closeButtonProps: { 'aria-label': t('common:close') },
        });
        onClose();
      },
      onError: (error) => fail(error, { setError: form.setError, fields: [field] }),
    }),
  );
  // EditForm's wiring: cancel closes, and waits while the save runs.
  const formProps = { onSubmit, onCancel: onClose, pending: update.isPending };
  return { form, formProps };
}
