/**
 * The way out of a full-window screen (the designer, a page preview, a message's own window) whose subject does not
 * exist. A framed screen says "not found" inside the shell, whose header and menus are still there to leave by; a
 * full-window screen has none, so it names where to go: back to where the subject lives (its page list, its project,
 * the message centre) when that is known, and home.
 */
import { Button, Flex } from 'antd';
import { ArrowLeftOutlined, CompassOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { BackHomeButton } from './BackHomeButton';
import { StatusMessage } from './StatusMessage';

/** Where "back" goes and what it is called. */
export interface BackTo {
  to: string;
  label: string;
}

/** The back button (a real link, navigating inside the app when clicked) and "back home". */
export function WayBackButtons({ back }: { back?: BackTo }) {
  const navigate = useNavigate();
  return (
    <>
      {back && (
        <Button
          icon={<ArrowLeftOutlined />}
          href={back.to}
          data-testid="way-back"
          onClick={(event) => {
            event.preventDefault();
            void navigate(back.to);
          }}
        >
          {back.label}
        </Button>
      )}
      <BackHomeButton id="way-back-home" />
    </>
  );
}

/** A full-window "not found": centred, what is missing, and the way back. */
export function FullWindowNotFound({ testId, title, description, back }: { testId: string; title: string; description: string; back?: BackTo }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid={testId}>
      <StatusMessage
        icon={<CompassOutlined style={{ color: '#1668dc' }} />}
        title={title}
        description={description}
        actions={<WayBackButtons back={back} />}
      />
    </Flex>
  );
}
