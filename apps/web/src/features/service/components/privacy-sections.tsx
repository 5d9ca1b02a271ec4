import { useTranslation } from '../../../lib/use-translation';
import { TextSection } from './text-section';

const PRIVACY = ['collect', 'cookies', 'reads', 'use', 'share', 'retention', 'rights', 'contact'] as const;

/** The built-in privacy policy's sections: its own page, and the terms page's #privacy. */
export function PrivacySections() {
  const { t } = useTranslation('service');
  return PRIVACY.map((key) => (
    <TextSection key={key} title={t(`privacy.${key}.title`)} body={t(`privacy.${key}.body`)} />
  ));
}
