import type { AnalysisType } from '@qrqr/shared/qr-constants';
import type { CreateQrBody, QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { z } from 'zod';
import { type DefaultValues, type Path, type Resolver, useController, useForm } from '../../../../lib/form';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useHeldSubmit } from '../../../../lib/held-submit';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { useTranslation } from '../../../../lib/use-translation';
import { useCreateQrcode } from '../../api/create-qrcode';
import { useQrFailure } from '../use-qr-failure';
import type { textCodeSchema, urlCodeSchema, wifiCodeSchema } from './schemas';

type TabSchema = typeof urlCodeSchema | typeof textCodeSchema | typeof wifiCodeSchema;

interface CreateFormOptions<S extends TabSchema> {
  /** The schema, loaded at the first validation (zod is not needed before). */
  loadSchema: () => Promise<S>;
  defaultValues: DefaultValues<z.input<S>>;
  /** The fields this tab shows: server field errors for them go under the inputs. */
  fields: readonly Path<z.input<S>>[];
  onCreated: (code: QrCodeDto) => void;
  /** The body to send, when it is not the validated values as they are. */
  toBody?: (values: z.output<S>) => CreateQrBody;
}

/**
 * One create tab's form: validation with the tab's schema, the create call, server errors under
 * the inputs (or in the error modal), and the analysis choice every tab ends with.
 */
export function useCreateForm<S extends TabSchema>(options: CreateFormOptions<S>) {
  const { loadSchema, defaultValues, fields, onCreated, toBody = (values) => values } = options;
  const { t } = useTranslation('qrcode');
  const create = useCreateQrcode();
  const held = useHeldSubmit();
  const fail = useQrFailure();
  const form = useForm<z.input<S>, z.output<S>>({
    resolver: lazyZodResolver(loadSchema) as Resolver<z.input<S>, z.output<S>>,
    defaultValues,
  });
  // Every tab's schema has analysis_type; a generic schema cannot show that to the type checker.
  const { field, fieldState } = useController({
    control: form.control,
    name: 'analysis_type' as Path<z.input<S>>,
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(toBody(values), {
      onSuccess: onCreated,
      onError: (error) => fail(error, { setError: form.setError, fields }),
    }),
  );

  const analysis = {
    value: Number(field.value) as AnalysisType,
    onChange: field.onChange,
    error: fieldErrorText(t, fieldState.error?.message),
  };
  // The schemas validate, in the reader's language; the browser's own bubbles would not.
  const formProps = { onSubmit, noValidate: true, ...held };
  return { form, formProps, pending: create.isPending, analysis };
}
