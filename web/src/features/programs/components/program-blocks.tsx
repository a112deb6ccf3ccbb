import { useTranslation } from 'react-i18next';
import { useProgramBlocks } from '../api/get-program-blocks';
import { BlockLink } from '../../../components/block-link';
import '../../../styles/ad-banner.css';

/** The program page's sections (tiles) and ads (banners), each hidden when the program has none. */
export function ProgramBlocks({
  programUid,
  which,
}: {
  programUid: string;
  which: 'sections' | 'ads';
}) {
  const { t } = useTranslation();
  const blocks = useProgramBlocks(programUid, which);
  const list = blocks.data?.results ?? [];
  // A failed or empty list of decorations does not stop the page: it is simply left out.
  if (list.length === 0) return null;
  if (which === 'sections') {
    return (
      <nav className="program-tiles" aria-label={t('programs.sections')}>
        {list.map((block) => (
          <BlockLink key={block.uid} link={block.link} className="program-tile">
            {block.image ? <img src={block.image} alt="" loading="lazy" /> : null}
            <span>{block.title}</span>
          </BlockLink>
        ))}
      </nav>
    );
  }
  return (
    <section className="program-ads" aria-label={t('programs.ads')}>
      {list.map((block) => (
        <BlockLink
          key={block.uid}
          link={block.link}
          className={
            block.image
              ? 'ad-banner ad-banner--image program-ad program-ad--image'
              : 'ad-banner program-ad'
          }
        >
          {block.image ? <img src={block.image} alt="" loading="lazy" /> : null}
          <span className="ad-banner__title">{block.title}</span>
        </BlockLink>
      ))}
    </section>
  );
}
