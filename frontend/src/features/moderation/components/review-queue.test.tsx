import type { ModerationCase } from '@curbside/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { AppealForm } from './appeal-form';
import { ReviewQueue } from './review-queue';

const moderator = makeUser({ username: 'Moss' });

const openCase = (overrides: Partial<ModerationCase> = {}): ModerationCase => ({
  id: crypto.randomUUID(),
  targetType: 'item',
  targetId: crypto.randomUUID(),
  itemId: null,
  status: 'open',
  hidden: true,
  openedBy: 'checks',
  openedAt: new Date().toISOString(),
  content: {
    title: 'Free kitten',
    text: 'Pay the shipping fee with a gift card',
    category: 'Other',
    photos: ['/api/media/photos/k.webp'],
    status: 'available',
  },
  subject: {
    id: crypto.randomUUID(),
    username: 'Pat',
    history: { posts: 4, removals: 1, warnings: 0, earlierCases: 2 },
    reliability: { pickedUp: 2, holds: 3 },
  },
  reports: [
    {
      id: crypto.randomUUID(),
      reporterName: 'Lee',
      reportType: 'fraud',
      reason: 'Asks for money',
      details: null,
      createdAt: new Date().toISOString(),
      weight: 0.5,
    },
  ],
  flags: [{ ruleId: 'scam.gift-card', label: 'asks for gift cards', words: ['gift card'], confidence: 'high', source: 'rules' }],
  decision: null,
  appeal: null,
  canDecide: true,
  ...overrides,
});

describe('review queue', () => {
  it('shows each case with its content, flags and their words, reports and the poster’s record, and decides with a reason', async () => {
    const entry = openCase();
    mockApi('GET /api/moderation/cases', () => ({ body: [entry] }));
    mockApi(`POST /api/moderation/cases/${entry.id}/decision`, () => ({ body: { ...entry, status: 'decided' } }));
    renderWithApp(<ReviewQueue />, { user: moderator });

    const card = await screen.findByRole('article', { name: 'Free kitten' });
    expect(within(card).getByText('Hidden while in review')).toBeInTheDocument();
    expect(within(card).getByText('asks for gift cards')).toBeInTheDocument();
    expect(within(card).getByText(/“gift card”/)).toBeInTheDocument();
    expect(within(card).getByText('scam.gift-card')).toBeInTheDocument();
    expect(within(card).getByText(/counts half/)).toBeInTheDocument();
    expect(within(card).getByText(/4 posts, 1 removed, 0 warnings, 2 earlier cases/)).toBeInTheDocument();
    expect(within(card).getByText('Picked up 2 of 3 holds (90 days)')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Free kitten' })).toHaveAttribute('src', '/api/media/photos/k.webp');

    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Give a reason for the decision');
    expect(apiCalls(`POST /api/moderation/cases/${entry.id}/decision`)).toHaveLength(0);

    await userEvent.type(within(card).getByLabelText('Reason (the poster reads it)'), 'Gift card scams are not allowed');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(apiCalls(`POST /api/moderation/cases/${entry.id}/decision`)).toHaveLength(1));
    expect(apiCalls(`POST /api/moderation/cases/${entry.id}/decision`)[0].body).toEqual({ decision: 'remove', reason: 'Gift card scams are not allowed' });
  });

  it('offers overturn or uphold on an appeal, and nothing to the moderator who decided it', async () => {
    const mine = openCase({ status: 'appealed', canDecide: false, content: { ...openCase().content, title: 'Mine' } });
    const theirs = openCase({ status: 'appealed', content: { ...openCase().content, title: 'Theirs' } });
    mockApi('GET /api/moderation/cases', () => ({ body: [mine, theirs] }));
    renderWithApp(<ReviewQueue />, { user: moderator });
    await userEvent.click(await screen.findByRole('tab', { name: 'Appeals' }));
    const own = await screen.findByRole('article', { name: 'Mine' });
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('Another moderator decides the appeal of your decision.')).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Theirs' });
    expect(within(other).getByRole('button', { name: 'Overturn' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Uphold' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Warn' })).toBeNull();
    expect(apiCalls('GET /api/moderation/cases').map((c) => c.url)).toContain('/api/moderation/cases?status=appealed');
  });

  it('says the page is for moderators when the server refuses', async () => {
    mockApi('GET /api/moderation/cases', () => ({
      status: 403,
      body: { code: 'MODERATION.NOT_MODERATOR', message: 'The review queue is for moderators only.' },
    }));
    renderWithApp(<ReviewQueue />, { user: makeUser() });
    expect(await screen.findByText('This page is for moderators.')).toBeInTheDocument();
  });
});

describe('appeal form', () => {
  it('sends the reason once and says what happens next; a second appeal is refused in words', async () => {
    const caseId = crypto.randomUUID();
    mockApi(`POST /api/moderation/cases/${caseId}/appeal`, { success: true, message: 'Your appeal was sent.' });
    renderWithApp(<AppealForm caseId={caseId} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give a reason for the appeal');
    await userEvent.type(screen.getByLabelText('Why should it be back up?'), 'It was a bookshelf');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your appeal was sent.');
    expect(apiCalls(`POST /api/moderation/cases/${caseId}/appeal`)[0].body).toEqual({ reason: 'It was a bookshelf' });
  });

  it('explains a refused appeal', async () => {
    const caseId = crypto.randomUUID();
    mockApi(`POST /api/moderation/cases/${caseId}/appeal`, { code: 'MODERATION.APPEAL_NOT_ALLOWED', message: 'You have already appealed this decision' }, 409);
    renderWithApp(<AppealForm caseId={caseId} />, { user: makeUser() });
    await userEvent.type(screen.getByLabelText('Why should it be back up?'), 'Please');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This decision was appealed already, or it is not a removal.');
  });
});
