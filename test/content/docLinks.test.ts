import { expect } from 'chai';
import { anchors, brokenDocReferences, slug } from '../../scripts/docLinks';

// Every link and #anchor in README.md and docs/, and every `docs/<page>.md, "Section"` a comment or message
// cites, resolves (scripts/docLinks.ts): a page or heading renamed without its references fails here.

describe('docs: links and references', () => {
  it('resolve, every one of them', () => {
    expect(brokenDocReferences()).to.deep.equal([]);
  });

  it("makes anchors by GitHub's rules", () => {
    expect(slug('Recording storage (`STORAGE_BACKEND`)')).to.equal('recording-storage-storage_backend');
    expect(slug("Recordings' retention")).to.equal('recordings-retention');
    expect(slug('Deploying: old and new processes side by side')).to.equal(
      'deploying-old-and-new-processes-side-by-side',
    );
    expect(slug('Roles (spec 2.2 has three vocabularies)')).to.equal('roles-spec-22-has-three-vocabularies');
    expect(slug('How many, and what each process needs')).to.equal('how-many-and-what-each-process-needs');
    expect(slug('`users.ndjson`')).to.equal('usersndjson');
    expect([...anchors('# A\n## Same\n```\n## Not a heading\n```\n### Same\n')]).to.deep.equal(['a', 'same', 'same-1']);
  });
});
