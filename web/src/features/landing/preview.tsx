import type { LandingPreviewProps } from '../../lib/landing-preview';
import { DefaultLanding } from './components/default-landing';
import { Model2LandingView } from './components/model2-landing';
import '../../styles/landing.css';

/**
 * The one way into the public landing's components from outside the store front (the back
 * office's live preview): the same components /landing renders, given the draft instead of the
 * saved sections. The merchants page is fixed text (the back office describes it instead).
 */
export function LandingPreview({ type, sections, defaultTexts }: LandingPreviewProps) {
  if (type === 'MODEL_2') return <Model2LandingView sections={sections} preview />;
  if (type === 'MERCHANTS') return null;
  return <DefaultLanding preview texts={defaultTexts} />;
}
