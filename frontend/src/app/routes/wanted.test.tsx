import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import WantedRoute from './wanted';

const HERE = { lat: 47.6, lng: -122.3 };

describe('Wanted nearby', () => {
  it("reports a neighbour's wanted post from the list, never the member's own, which says when it is held for review", async () => {
    const user = makeUser();
    const post = (id: string, query: string, member: { id: string; publicName: string }) => ({
      id,
      query,
      category: null,
      member,
      location: HERE,
      distance: 0.4,
      createdAt: new Date().toISOString(),
    });
    mockApi('GET /api/wanted', [
      post('33333333-3333-4333-8333-333333333333', 'crib', { id: crypto.randomUUID(), publicName: 'Pat' }),
      { ...post('44444444-4444-4444-8444-444444444444', 'lamp', { id: user.id, publicName: 'Me' }), inReview: true },
    ]);
    mockApi('POST /api/reports', { success: true, message: 'Thanks', id: crypto.randomUUID() }, 201);
    renderWithApp(<WantedRoute />, { user, position: HERE });
    const list = await screen.findByRole('list', { name: 'Wanted nearby' });
    expect(list.querySelectorAll('li')[1]).toHaveTextContent('Hidden from others while a moderator reviews it');
    expect(list.querySelectorAll('li')[0]).not.toHaveTextContent('Hidden from others');
    expect(screen.getAllByRole('button', { name: /wanted post$/ }).map((b) => b.getAttribute('aria-label'))).toEqual(["Report Pat's wanted post"]);
    await userEvent.click(screen.getByRole('button', { name: "Report Pat's wanted post" }));
    expect(await screen.findByText("Tell us what's wrong with Pat's wanted post.")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Spam'));
    await userEvent.type(screen.getByLabelText('Reason'), 'Asks for money');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    await vi.waitFor(() => expect(apiCalls('POST /api/reports')).toHaveLength(1));
    expect(apiCalls('POST /api/reports')[0].body).toEqual({
      reporterId: user.id,
      reportedWantedId: '33333333-3333-4333-8333-333333333333',
      reportType: 'spam',
      reason: 'Asks for money',
    });
  });
});
