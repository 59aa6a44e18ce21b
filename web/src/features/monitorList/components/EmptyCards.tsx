/** "No equipment" in a card list; loaded only when a list is empty (antd's Empty is not needed to show cards). */
import { Empty } from 'antd';

export default function EmptyCards({ description }: { description: string }) {
  return <Empty data-testid="fleet-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
