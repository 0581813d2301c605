import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Title, Text, Container } from '@mantine/core';

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Container py="xl">
      <Title>EyeMail</Title>
      <Text>Dashboard</Text>
    </Container>
  </MantineProvider>,
);
