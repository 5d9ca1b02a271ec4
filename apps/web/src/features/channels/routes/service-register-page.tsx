import { Anchor, Button, Checkbox, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { FormAlert } from '../../../components/feedback/form-alert';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { Navigate, useNavigate } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { useTranslation } from '../../../lib/use-translation';
import { useRegisterService } from '../api/register-service';

/**
 * /qrchannel/service/register: accept the terms and join the channel service; the first
 * channel is created next. A member who has joined already goes to the channel area.
 */
/** The channel texts load with the channel screens, not with every first visit. */
export function ServiceRegisterPage() {
  return useScreenTexts('channels') ? <ServiceRegisterPageContent /> : <PageLoader />;
}

function ServiceRegisterPageContent() {
  const { t } = useTranslation('channels');
  const { params } = useSession();
  const navigate = useNavigate();
  const register = useRegisterService();
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('../../../lib/form-schemas')).serviceRegisterBody),
    defaultValues: { terms_accepted: false },
  });
  useDocumentTitle(t('service_register.title'));

  if (params.isUserRegisteredChannelService && !register.isSuccess) {
    return <Navigate to={paths.channelHome} replace />;
  }

  const onSubmit = form.handleSubmit(() =>
    register.mutate(undefined, { onSuccess: () => navigate(paths.channelCreate) }),
  );
  const termsError = fieldErrorText(t, form.formState.errors.terms_accepted?.message);

  return (
    <Container size={620} px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <form onSubmit={onSubmit} noValidate data-testid="service-register-form">
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {t('service_register.title')}
              </Title>
              <Text>{t('service_register.lead')}</Text>
            </Stack>
            <FormAlert text={register.isError ? errorText(register.error, t) : null} />
            <Text size="sm">
              <Anchor href={paths.serviceTerms} target="_blank" rel="noopener">
                {t('service_register.terms_link')}
              </Anchor>
            </Text>
            <Checkbox
              {...form.register('terms_accepted')}
              label={t('service_register.terms_accept')}
              error={termsError}
              data-testid="terms-accepted"
            />
            <Button type="submit" loading={register.isPending} data-testid="service-register-submit">
              {t('service_register.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
