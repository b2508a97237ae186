import { describe, expect, it } from 'vitest';
import { notificationHeading, notificationLink } from './notification-labels.ts';

describe('a notification’s label and text', () => {
  it.each([
    // the titles the server writes (tasks service, task and payment reminders, the mail agent)
    ['NewTask', 'New task: Call the hotel', 'New task', 'Call the hotel'],
    [
      'TaskDeadline',
      'Task due within a day: Reconfirm the chauffeur',
      'Task due within a day',
      'Reconfirm the chauffeur',
    ],
    ['TaskOverdue', 'Task overdue: Check the prepayment', 'Task overdue', 'Check the prepayment'],
    [
      'PaymentDeadline',
      'Payment due tomorrow: Prepayment 480.00 GBP · BSLF-2026-00021',
      'Payment due tomorrow',
      'Prepayment 480.00 GBP · BSLF-2026-00021',
    ],
    ['PaymentDeadline', 'Payment due today: Balance 10.00 EUR', 'Payment due today', 'Balance 10.00 EUR'],
    ['PaymentOverdue', 'Payment overdue: Balance 10.00 EUR', 'Payment overdue', 'Balance 10.00 EUR'],
    [
      'NewEmail',
      'New email from Anastasia Morozova: Change of dates',
      'New email',
      'From Anastasia Morozova: Change of dates',
    ],
  ])('%s "%s" reads "%s" above "%s"', (type, title, label, text) => {
    expect(notificationHeading(type, title)).toEqual({ label, text });
  });

  it('keeps a title with nothing of its kind in front, and names an empty one by its kind', () => {
    expect(notificationHeading('NewRequest', 'Request TPRO-0042')).toEqual({
      label: 'New request',
      text: 'Request TPRO-0042',
    });
    expect(notificationHeading('TaskDeadline', 'Visa papers due')).toEqual({
      label: 'Task deadline',
      text: 'Visa papers due',
    });
    expect(notificationHeading('TaskDeadline', 'Task due within a day:')).toEqual({
      label: 'Task deadline',
      text: 'Task due within a day:',
    });
    expect(notificationHeading('NewTask', '  ')).toEqual({ label: 'New task', text: 'New task' });
    expect(notificationHeading('SomethingNew', 'Hello')).toEqual({ label: 'SomethingNew', text: 'Hello' });
  });

  it('links a notification to the record it is about', () => {
    expect(notificationLink({ data: { task_id: 12 } })).toBe('/tasks?task=12');
    expect(notificationLink({ data: { request_id: 42 } })).toBe('/requests/42');
    expect(notificationLink({ data: { client_id: 8 } })).toBe('/directory/clients/8');
    expect(notificationLink({ data: { message_id: 88, client_id: 8 } })).toBe('/mail?message=88');
    expect(notificationLink({ data: { task_id: 'x' } })).toBeNull();
  });
});
