/**
 * /account/feedback: a user's opinion or problem, stored by the server with the sender (spec section 2, "feedback";
 * `/lfscada/feedback/add`). The text needs at least 10 characters and at most the server's limit, counted as the
 * server counts them (model.ts `feedbackLength`); the screen says so under the field while it is typed, and Send
 * stays off until the text passes, so the rule is known before anything is sent. The server stays the authority:
 * its refusal (the spec's 'Opinions can not be less than 10 words!', or any other) is shown above the button.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSendFeedback } from '../api/feedback';
import { FEEDBACK_MAX, FEEDBACK_MIN, feedbackLength, feedbackProblem } from '../model';

export default function AccountFeedbackPage() {
  const { t } = useTranslation();
  const send = useSendFeedback();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const length = feedbackLength(text);
  const problem = feedbackProblem(text);
  // The rule is shown from the start; it turns into a warning once something is typed that does not pass yet.
  const typed = text.trim() !== '';
  const rule =
    problem === 'tooLong'
      ? t('profile.feedback.tooLong', { max: FEEDBACK_MAX })
      : problem === 'tooShort' && typed
        ? t('profile.feedback.moreNeeded', { min: FEEDBACK_MIN, count: FEEDBACK_MIN - length })
        : t('profile.feedback.rule', { min: FEEDBACK_MIN, max: FEEDBACK_MAX });

  const submit = () => {
    if (problem) return;
    setSent(false);
    send.mutate(text.trim(), {
      onSuccess: () => {
        setSent(true);
        setText('');
      },
    });
  };

  return (
    <Flex vertical gap={16} data-testid="account-feedback-page" style={{ maxWidth: 720 }}>
      <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{t('route.account.feedback')}</h4>
      <Card>
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('profile.feedback.intro')}
          </Typography.Paragraph>
          <label htmlFor="account-feedback-content" style={{ fontWeight: 500 }}>
            {t('profile.feedback.label')}
          </label>
          <Input.TextArea
            id="account-feedback-content"
            data-testid="account-feedback-content"
            value={text}
            rows={6}
            placeholder={t('profile.feedback.placeholder')}
            status={problem === 'tooLong' || (problem && typed) ? 'warning' : undefined}
            aria-describedby="account-feedback-rule account-feedback-count"
            disabled={send.isPending}
            onChange={(event) => {
              setText(event.target.value);
              setSent(false);
              send.reset();
            }}
          />
          <Flex justify="space-between" gap={12} wrap>
            <Typography.Text
              id="account-feedback-rule"
              data-testid="account-feedback-rule"
              type={problem && (typed || problem === 'tooLong') ? 'warning' : 'secondary'}
            >
              {rule}
            </Typography.Text>
            <Typography.Text
              id="account-feedback-count"
              data-testid="account-feedback-count"
              type={problem === 'tooLong' ? 'danger' : 'secondary'}
              aria-label={t('profile.feedback.countLabel', { count: length, max: FEEDBACK_MAX })}
            >
              {length} / {FEEDBACK_MAX}
            </Typography.Text>
          </Flex>
          {send.error && (
            <Alert
              type="error"
              showIcon
              data-testid="account-feedback-error"
              message={t('profile.feedback.failed')}
              description={send.error.message}
            />
          )}
          {sent && (
            <Alert type="success" showIcon data-testid="account-feedback-sent" message={t('profile.feedback.sent')} />
          )}
          <Flex>
            <Button
              type="primary"
              id="account-feedback-send"
              icon={<SendOutlined />}
              loading={send.isPending}
              disabled={problem !== undefined}
              // The reason it is off is the rule under the field (read out with the button too).
              aria-describedby="account-feedback-rule"
              onClick={submit}
            >
              {t('profile.feedback.send')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
