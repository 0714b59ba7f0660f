import hashlib, hmac

def draw(seed_hex, label):
    key, c = bytes.fromhex(seed_hex), 0
    def choice(n):
        nonlocal c
        while True:
            block = hmac.new(key, f"{label}:{c}".encode(), hashlib.sha256).digest()
            c += 1
            x = int.from_bytes(block[:8], "big")
            if x < 2**64 - 2**64 % n:
                return x % n
    return choice

def order(seed_hex, label, n):
    choice, items = draw(seed_hex, label), list(range(n))
    for i in range(n - 1, 0, -1):
        j = choice(i + 1)
        items[i], items[j] = items[j], items[i]
    return items
