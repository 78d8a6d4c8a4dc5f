import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import ReportSheet from './report-sheet';

describe('ReportSheet', () => {
  it('needs a type and a reason, then sends the report', async () => {
    const user = makeUser();
    const item = makeItem();
    mockApi('POST /api/reports', { id: 'r1' });
    renderWithApp(<ReportSheet target={{ kind: 'item', item }} onClose={() => undefined} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(screen.getByText('Please select a report type and provide a reason')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Spam'));
    await userEvent.type(screen.getByLabelText('Reason'), 'Posted five times');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(apiCalls('POST /api/reports')[0]?.body).toEqual({
      reporterId: user.id,
      reportedUserId: item.posterId,
      reportedItemId: item.id,
      reportType: 'spam',
      reason: 'Posted five times',
    });
  });

  it('reports the poster instead of the post, or a comment', async () => {
    const user = makeUser();
    const item = makeItem();
    mockApi('POST /api/reports', { id: 'r2' });
    const first = renderWithApp(<ReportSheet target={{ kind: 'item', item }} onClose={() => undefined} />, { user });
    await userEvent.click(screen.getByLabelText(`Report the poster, ${item.poster.username}, rather than this post`));
    await userEvent.click(screen.getByLabelText('Fraud or scam'));
    await userEvent.type(screen.getByLabelText('Reason'), 'Asks everyone for deposits');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(apiCalls('POST /api/reports')[0]?.body).toEqual({
      reporterId: user.id,
      reportedUserId: item.posterId,
      reportType: 'fraud',
      reason: 'Asks everyone for deposits',
    });
    first.unmount();

    const commentId = crypto.randomUUID();
    renderWithApp(<ReportSheet target={{ kind: 'comment', itemId: item.id, commentId, authorName: 'Pat' }} onClose={() => undefined} />, { user });
    expect(screen.getByText("Tell us what's wrong with Pat's comment.")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Inappropriate content'));
    await userEvent.type(screen.getByLabelText('Reason'), 'Rude');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    await vi.waitFor(() => expect(apiCalls('POST /api/reports')).toHaveLength(2));
    expect(apiCalls('POST /api/reports')[1]?.body).toEqual({
      reporterId: user.id,
      reportedItemId: item.id,
      reportedCommentId: commentId,
      reportType: 'inappropriate',
      reason: 'Rude',
    });
  });

  it('says "Failed to submit report" when the call fails', async () => {
    mockApi('POST /api/reports', 'down', 500);
    renderWithApp(<ReportSheet target={{ kind: 'item', item: makeItem() }} onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByLabelText('Fraud or scam'));
    await userEvent.type(screen.getByLabelText('Reason'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit report');
  });
});
