import { Title } from '@mantine/core';

/** /documents: built by issue 14 (folder tree, files, uploads, previews). */
export default function DocumentsPage() {
  return <Title order={1}>Documents</Title>;
}
