export const connectivity = {
  timeout: 'Backend server is not responding. Please try again later.',
  network: 'Cannot connect to backend server. Please check your internet connection.',
  other: 'Cannot connect to backend. Please check if the server is running.',
} as const;
