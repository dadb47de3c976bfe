import { Grid } from 'shared-ui';
import styled from 'styled-components';

/**
 * The kit's grid of ArtifactCards, with every card as tall as its row and its actions on the bottom line, so the
 * buttons of a row line up whatever the length of each name.
 */
export const CardGrid = styled(Grid)`
  > li > article {
    height: 100%;
    display: flex;
    flex-direction: column;
  }
  > li > article > div {
    flex: 1;
  }
  > li > article > div > div:last-child {
    margin-top: auto;
  }
`;
