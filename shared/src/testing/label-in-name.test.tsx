import { render } from '@testing-library/react';
import { LuShoppingCart } from 'react-icons/lu';
import { Button, IconButton, chakra } from '../ui';
import { DesignSystemProvider } from '../ui/provider';
import { labelInNameMismatches } from './label-in-name';

function mismatches(ui: React.ReactElement): string[] {
  const { container } = render(<DesignSystemProvider>{ui}</DesignSystemProvider>);
  return labelInNameMismatches(container);
}

describe('labelInNameMismatches (WCAG 2.5.3)', () => {
  it('passes a name that starts with the visible words, whatever the case and punctuation', () => {
    expect(mismatches(<Button aria-label="Add to Cart: iPhone 11 silicone case">Add to cart</Button>)).toEqual([]);
  });

  it('reports a name that leaves the visible words out', () => {
    expect(mismatches(<Button aria-label="Add iPhone 11 silicone case to cart">Add to Cart</Button>)).toEqual([
      '<button> "add to cart" named "Add iPhone 11 silicone case to cart"',
    ]);
  });

  it('drops parenthesised words from the name, as axe-core does: a count in brackets is not a word of the name', () => {
    expect(
      mismatches(
        <a href="/cart" aria-label="Cart (3)">
          3
        </a>,
      ),
    ).toEqual(['<a> "3" named "Cart (3)"']);
    expect(
      mismatches(
        <a href="/cart" aria-label="Cart, 3 items">
          3
        </a>,
      ),
    ).toEqual([]);
  });

  it('wants the shown words in one run, in their order', () => {
    expect(mismatches(<Button aria-label="Add iPhone to Cart">Add to Cart</Button>)).toHaveLength(1);
  });

  it('reads aria-labelledby too', () => {
    const found = mismatches(
      <>
        <span id="other">Delete</span>
        <a href="/x" aria-labelledby="other">
          View
        </a>
      </>,
    );
    expect(found).toEqual(['<a> "view" named "Delete"']);
  });

  it('ignores icon-only controls and text that only screen readers get', () => {
    expect(
      mismatches(
        <>
          <IconButton aria-label="Cart">
            <LuShoppingCart />
          </IconButton>
          <Button aria-label="Quantity 2">
            <chakra.span srOnly>Quantity in cart: </chakra.span>2
          </Button>
        </>,
      ),
    ).toEqual([]);
  });

  it('leaves controls named by their own content alone', () => {
    expect(mismatches(<Button>Checkout All</Button>)).toEqual([]);
  });
});
