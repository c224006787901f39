// React 19 JSX typings for <franchise-ai-demo>. Add once in a React app:
//   import type {} from '@franchise-ai/widget/jsx';
// React 19 passes custom-element props starting with "on" as event listeners,
// so `onfranchise-ai-demo-ready={(event) => event.detail.agentId}` is typed too.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
// The attributes come from the widget's one attribute list (WIDGET_ATTRIBUTES), so they cannot drift.
import type { FranchiseAiDemoAttributes, FranchiseAiDemoElement, FranchiseAiDemoEventMap } from '@franchise-ai/widget';

type FranchiseAiDemoEventProps = {
  [Name in keyof FranchiseAiDemoEventMap as `on${Name}`]?: (event: FranchiseAiDemoEventMap[Name]) => void;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'franchise-ai-demo': DetailedHTMLProps<HTMLAttributes<FranchiseAiDemoElement>, FranchiseAiDemoElement> &
        FranchiseAiDemoAttributes &
        FranchiseAiDemoEventProps;
    }
  }
}
