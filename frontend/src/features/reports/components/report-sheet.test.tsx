import { screen } from '@testing-library/react';
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
    renderWithApp(<ReportSheet item={item} onClose={() => undefined} />, { user });
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

  it('says "Failed to submit report" when the call fails', async () => {
    mockApi('POST /api/reports', 'down', 500);
    renderWithApp(<ReportSheet item={makeItem()} onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByLabelText('Fraud or scam'));
    await userEvent.type(screen.getByLabelText('Reason'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit report');
  });
});
