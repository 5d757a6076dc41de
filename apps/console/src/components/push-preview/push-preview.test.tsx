import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PushPreview, type PushPreviewContent } from './push-preview';
import { previewButtonText } from './preview-text';

afterEach(cleanup);

const labels = { now: 'now', titlePlaceholder: 'Notification title', descPlaceholder: 'Notification text' };
const base: PushPreviewContent = { design: 1, title: 'Half price', desc: 'Today only', exType: 1 };

describe('previewButtonText', () => {
  it('cuts button texts to 4 characters plus an ellipsis', () => {
    expect(previewButtonText('Shop now')).toBe('Shop…');
    expect(previewButtonText('Open')).toBe('Open');
    expect(previewButtonText(' Go ')).toBe('Go');
    expect(previewButtonText('立即购买优惠')).toBe('立即购买…');
    expect(previewButtonText('👍🏽👍🏽👍🏽')).toBe('👍🏽👍🏽…');
  });
});

describe('PushPreview', () => {
  it('shows title and text, placeholders when empty, and is 220 px wide', () => {
    const { rerender } = render(
      <PushPreview content={base} appName="Shop" expanded={false} labels={labels} />,
    );
    expect(screen.getByTestId('push-preview-title').textContent).toBe('Half price');
    expect(screen.getByTestId('push-preview').style.width).toBe('220px');
    rerender(
      <PushPreview
        content={{ ...base, title: '', desc: '' }}
        appName="Shop"
        expanded={false}
        labels={labels}
      />,
    );
    expect(screen.getByTestId('push-preview-title').textContent).toBe('Notification title');
    expect(screen.getByTestId('push-preview-desc').textContent).toBe('Notification text');
  });

  it('shows the expanded text, picture and cut extra buttons only when expanded', () => {
    const content: PushPreviewContent = {
      ...base,
      exType: 2,
      exText: 'All week long',
      buttons: [{ txt: 'Shop now' }, { txt: 'Later' }],
    };
    const { rerender } = render(
      <PushPreview content={content} appName="Shop" expanded={false} labels={labels} />,
    );
    expect(screen.queryByTestId('push-preview-actions')).toBeNull();
    expect(screen.getByTestId('push-preview-desc').textContent).toBe('Today only');
    rerender(<PushPreview content={content} appName="Shop" expanded labels={labels} />);
    expect(screen.getByTestId('push-preview-desc').textContent).toBe('All week long');
    expect(screen.getByTestId('push-preview-actions').textContent).toBe('Shop…Late…');
    rerender(
      <PushPreview
        content={{ ...base, exType: 3, exImage: '/files/p.png' }}
        appName="Shop"
        expanded
        labels={labels}
      />,
    );
    expect(screen.getByTestId('push-preview-picture').getAttribute('src')).toBe('/files/p.png');
  });

  it('shows the custom design icon and its cut button', () => {
    render(
      <PushPreview
        content={{ ...base, design: 3, icon: '/files/i.png', button: 'Download' }}
        appName="Shop"
        expanded={false}
        labels={labels}
      />,
    );
    expect(screen.getByTestId('push-preview-button').textContent).toBe('Down…');
    expect(screen.getByTestId('push-preview-button').getAttribute('title')).toBe('Download');
  });
});
