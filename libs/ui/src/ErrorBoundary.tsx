import { Component, type ReactNode } from 'react';
import { RemoteErrorPanel } from './RemoteErrorPanel';

interface Props {
  children: ReactNode;
  /** Called by Try Again before the boundary renders its children again (e.g. to reload a remote). */
  onReset?: () => void;
}

/** Contains a failure to one area: the panel replaces that area and the rest of the page keeps working. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error('Portal area failed:', error);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  render() {
    return this.state.error ? <RemoteErrorPanel onRetry={this.reset} /> : this.props.children;
  }
}
